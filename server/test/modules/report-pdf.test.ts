import { limits, type ReportComments, type ReportContent } from '@prometrica/shared-api/contract';
import { renderReportPdf, type ReportPdfInput } from '../../src/modules/reports/pdf';
import { inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { isCovered, printable, replacementCharacter } from '../../src/modules/reports/pdf/fonts';
import { opaqueSignature } from '../../src/modules/reports/pdf/signature';
import { flattened, pdfFonts, pdfImages, pdfPageCount, pdfPages, pdfText } from '../helpers/pdf-text';
import { multiScriptName, reportCategoryNames, reportComments, reportContent } from '../helpers/report-fixture';
import { png } from '../helpers/png';
import { alphaPng } from '../helpers/alpha-png';

const released = '2026-03-05T10:00:00.000Z';
const doctor = 'Dr. Alma Reyes';

const render = (overrides: Partial<ReportPdfInput> & { content?: ReportContent; comments?: ReportComments } = {}) =>
  renderReportPdf({
    content: reportContent(),
    comments: reportComments(),
    releasedAt: released,
    doctorName: doctor,
    audience: 'admin',
    ...overrides,
  });

describe('renderReportPdf: the admin copy', () => {
  let text: string;
  let flat: string;
  let pdf: Buffer;
  const content = reportContent({ canvasSignature: true });

  beforeAll(async () => {
    pdf = await render({ content });
    text = pdfText(pdf);
    flat = flattened(text);
  });

  it('is a PDF whose text holds the title, the participant and the dates in UTC', () => {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(text).toContain('Assessment report');
    expect(text).toContain(multiScriptName);
    expect(text).toContain('zoe.nunez@example.org');
    expect(text).toContain('+44 20 7946 0958');
    expect(flat).toContain('Invited 1 March 2026, 08:00 UTC');
    expect(flat).toContain('Consented 2 March 2026, 09:04 UTC');
    expect(flat).toContain('Started 2 March 2026, 09:05 UTC');
    expect(flat).toContain('Submitted 2 March 2026, 09:31 UTC');
    expect(flat).toContain('Time taken 26 min 40 s');
  });

  it('gives the overall score, the pass and the percentile in the cohort', () => {
    const { totals } = content;
    expect(flat).toContain(
      `Score ${totals.percent}% (${totals.correctAnswer} correct, ${totals.wrongAnswer} wrong, of ${totals.totalAnswers})`,
    );
    expect(flat).toContain('Result Passed');
    expect(flat).toContain('Higher than 64% of 212 participants');
  });

  it("names every category with its percent, band and percentile, and the doctor's comment on it", () => {
    for (const category of content.categories) {
      expect(flat).toContain(`${category.categoryName} ${category.percent}% · ${category.performance}`);
      expect(flat).toContain(`Percentile: higher than ${category.percentile}% of participants`);
    }
    for (const name of reportCategoryNames.slice(0, -1)) {
      expect(flat).toContain(`Comment on ${name}: consistent with the interview.`);
    }
    // Each bar's scale marks the band boundaries.
    expect(text.match(/^\s*0\s+25\s+75\s+100\s*$/gm)).toHaveLength(content.categories.length);
  });

  it("keeps the overall comment's paragraphs apart, after the categories and before the answers", () => {
    const first = text.indexOf('Overall a steady performance with clear strengths.');
    const second = text.indexOf('We suggest a follow-up conversation about attention to detail.');
    expect(first).toBeGreaterThan(text.indexOf(reportCategoryNames.at(-1) ?? ''));
    expect(second).toBeGreaterThan(first);
    expect(text.slice(first, second)).toMatch(/strengths\.\s*\n/);
    expect(text.indexOf('Answers')).toBeGreaterThan(second);
  });

  it('lists every answer with the answer given, the correct one and the mark', () => {
    expect(flat).toContain('Correct answer');
    for (const [index, answer] of content.answers.entries()) {
      expect(text).toContain(answer.userAnswer);
      expect(text).toContain(answer.correctAnswer);
      expect(text).toMatch(new RegExp(`^\\s*${index + 1}\\s+Question ${index + 1}: which`, 'm'));
    }
    const wrong = content.answers.filter((answer) => answer.isCorrect === false).length;
    expect(text.match(/✗ Wrong/g)).toHaveLength(wrong);
    expect(text.match(/✓ Correct/g)).toHaveLength(content.answers.length - wrong);
  });

  it('gives the concerns ratings and the consent record, client address included', () => {
    for (const concern of content.concerns) {
      expect(text).toContain(concern.title);
      expect(text).toContain(concern.description);
      expect(text).toContain(concern.rating);
    }
    const consent = content.consent!;
    expect(flat).toContain(`Text version ${consent.textVersion}`);
    expect(flat).toContain(`Text SHA-256 ${consent.textSha256}`);
    expect(flat).toContain(`Signed name ${multiScriptName}`);
    expect(flat).toContain('Method Drawn');
    expect(flat).toContain(`Participant's date ${consent.date}`);
    expect(flat).toContain('Server time 2 March 2026, 09:04 UTC');
    expect(flat).toContain(`Client address ${consent.clientAddress}`);
  });

  it('embeds the signature image', () => {
    expect(pdfImages(pdf)).toEqual([{ type: 'image', width: 900, height: 300, colour: 'rgb' }]);
  });

  it('numbers every page "Page N of M" with the release and the doctor', () => {
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    expect(pdfPages(pdf)).toHaveLength(pages);
    for (const [index, text] of pdfPages(pdf).entries()) {
      const pageText = flattened(text);
      expect(pageText).toContain(`Page ${index + 1} of ${pages}`);
      expect(pageText).toContain(`Released 5 March 2026 by ${doctor}`);
    }
  });

  it('embeds its fonts as subsets mapped to Unicode, and no other font', () => {
    const fonts = pdfFonts(pdf);
    expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    for (const font of fonts) expect(font).toMatchObject({ embedded: true, subset: true, unicode: true });
  });
});

describe('renderReportPdf: the participant copy', () => {
  it('leaves out the correct answers, the marks and the client address when they are not shown', async () => {
    const content = reportContent({ participantCopy: true });
    const text = pdfText(await render({ content, audience: 'participant' }));
    for (const answer of content.answers) expect(text).toContain(answer.userAnswer);
    expect(text).not.toContain('Correct answer');
    expect(text).not.toMatch(/Right answer|✓ Correct|✗ Wrong/);
    expect(text).not.toContain('Client address');
    expect(text).not.toContain(content.consent!.clientAddress!);
    expect(text).toContain(multiScriptName);
  });

  it('leaves them out for the participant even when the content still carries them', async () => {
    const content = { ...reportContent(), showsCorrectAnswers: false };
    const text = pdfText(await render({ content, audience: 'participant' }));
    expect(text).not.toMatch(/Correct answer|Right answer|✓ Correct|✗ Wrong/);
  });

  it('shows the correct answers and marks when the admin chose to show them', async () => {
    const content = reportContent();
    const text = pdfText(await render({ content, audience: 'participant' }));
    expect(text).toContain('Correct answer');
    expect(text).toContain('Right answer 1');
    expect(text).toContain('✗ Wrong');
    expect(text).not.toContain('Client address');
  });

  it('says a draft is not released, without a doctor when none is named', async () => {
    const pdf = await render({ releasedAt: null, doctorName: null, audience: 'participant' });
    const text = flattened(pdfText(pdf, 1));
    expect(text).toContain(`Draft, not released · ${multiScriptName}`);
    expect(text).not.toContain('by ');
  });
});

describe('renderReportPdf: scripts and glyphs', () => {
  it('has a glyph for every character of a Latin-extended, Greek and Cyrillic name, in both weights', () => {
    for (const character of multiScriptName)
      expect([character, isCovered(character.codePointAt(0)!)]).toEqual([character, true]);
    expect(printable(multiScriptName)).toBe(multiScriptName);
  });

  it('has a glyph for every sign the report writes itself (marks, dashes, the ellipsis, the replacement)', () => {
    for (const sign of '✓✗·—…%�') expect([sign, isCovered(sign.codePointAt(0)!)]).toEqual([sign, true]);
  });

  it('composes decomposed letters, so "e" + combining diaeresis prints as the one glyph "ë"', async () => {
    const decomposed = multiScriptName.normalize('NFD');
    expect(decomposed).not.toBe(multiScriptName);
    const text = pdfText(await render({ content: reportContent({ name: decomposed }) }));
    expect(text).toContain(multiScriptName);
  });

  it('prints "�" for characters the font lacks (CJK, emoji) instead of a missing glyph', async () => {
    const name = 'Zoë 山田 🙂';
    expect(printable(name)).toBe(`Zoë ${replacementCharacter}${replacementCharacter} ${replacementCharacter}`);
    const text = pdfText(await render({ content: reportContent({ name }) }));
    expect(text).toContain(`Zoë ${replacementCharacter}${replacementCharacter} ${replacementCharacter}`);
  });

  it('renders any text in every field: lone surrogates, controls, marks, bidi controls, emoji', async () => {
    const anyText = fc.string({ unit: 'binary', maxLength: 120 });
    await fc.assert(
      fc.asyncProperty(anyText, anyText, anyText, async (name, comment, answer) => {
        const content = reportContent({ name, answers: 2 });
        content.answers[0] = { ...content.answers[0]!, question: answer, userAnswer: answer, categoryName: answer };
        const pdf = await render({
          content,
          comments: { overall: comment, categories: { Numeracy: comment } },
          doctorName: name,
        });
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(flattened(pdfText(pdf))).toContain('Page 1 of');
        // No control but the line feed, and no lone surrogate, is left to draw.
        const unprintable = (character: string) => {
          const code = character.codePointAt(0)!;
          return (code < 0x20 && code !== 0x0a) || (character.length === 1 && code >= 0xd800 && code <= 0xdfff);
        };
        expect([...printable(name)].filter(unprintable)).toEqual([]);
      }),
      { numRuns: 6 },
    );
  });

  it('drops control characters and keeps line ends', () => {
    expect(printable('a\u0000b\u0007c\r\nd\te\u0085f')).toBe('abc\nd ef');
  });
});

describe('renderReportPdf: page breaks', () => {
  it('repeats the answers table header on every page the table continues on, never splitting a row', async () => {
    const content = reportContent({ answers: 120 });
    const pdf = await render({ content });
    const pageTexts = pdfPages(pdf);
    const withAnswers = pageTexts
      .map((pageText, i) => ({ page: i + 1, pageText }))
      .filter(({ pageText }) => /^\s*\d+\s+Question \d+: which/m.test(pageText));
    expect(withAnswers.length).toBeGreaterThan(2);
    for (const { pageText } of withAnswers)
      expect(pageText).toMatch(/#\s+Question\s+Answer given\s+Correct answer\s+Mark/);
    for (let index = 1; index <= 120; index++) {
      // A row's number, question, category and answers sit together on one page.
      const holding = withAnswers.filter(({ pageText }) =>
        new RegExp(`^\\s*${index}\\s+Question ${index}:`, 'm').test(pageText),
      );
      expect(holding).toHaveLength(1);
      expect(holding[0]!.pageText).toContain(`Given answer ${index}`);
      expect(holding[0]!.pageText).toMatch(new RegExp(`sequence\\s+(?:\\S+\\s+)*?${index}\\?`));
    }
  });

  it('never leaves a section heading at the foot of a page without what follows it', async () => {
    // What each heading keeps on its page: the start of its section.
    const follows: Record<string, RegExp> = {
      'Dates (UTC)': /Invited|Details entered/,
      'Overall score': /Score\s+\d+%/,
      Categories: /^\s*0\s+25\s+75\s+100\s*$/m,
      // The overall comment's heading, and the label over each category's comment.
      "Doctor's comment": /^(Overall a steady performance|Comment on )/m,
      Answers: /#\s+Question\s+Answer given/,
      'Workplace concerns': /Concern\s+Rating/,
      Consent: /Signature/,
    };
    const paragraph = 'A sentence of the overall comment that moves the later sections down the page. '.repeat(3);
    // Answers and comment lengths that move the headings about the page ends; each page is checked.
    for (const answers of [1, 7, 19, 33]) {
      for (const paragraphs of [1, 5]) {
        const comments = {
          ...reportComments(),
          overall: `Overall a steady performance.\n\n${paragraph.repeat(paragraphs)}`,
        };
        const pdf = await render({ content: reportContent({ answers }), comments });
        for (const [index, pageText] of pdfPages(pdf).entries()) {
          const lines = pageText.split('\n').map((line) => line.trim());
          lines.forEach((line, at) => {
            const next = follows[line];
            if (!next) return;
            const rest = lines.slice(at + 1).join('\n');
            expect([answers, paragraphs, index + 1, line, next.test(rest)]).toEqual([
              answers,
              paragraphs,
              index + 1,
              line,
              true,
            ]);
          });
        }
      }
    }
  });

  it('wraps a long comment over pages, keeping all of it', async () => {
    const paragraph = 'This sentence is part of a long comment from the doctor about the result. '.repeat(10).trim();
    const overall = Array.from({ length: 6 }, (_, i) => `Paragraph ${i + 1}. ${paragraph}`).join('\n\n');
    expect(overall.length).toBeLessThanOrEqual(5000);
    const pdf = await render({ comments: { overall, categories: { Numeracy: overall } } });
    const flat = flattened(pdfText(pdf));
    for (let i = 1; i <= 6; i++) expect(flat.split(`Paragraph ${i}. ${paragraph}`)).toHaveLength(3);
  });
});

describe('renderReportPdf: the longest texts the limits allow', () => {
  it('writes a row taller than a page across the full width, and keeps one footer line on each page', async () => {
    const content = reportContent({ answers: 3, name: 'N'.repeat(limits.name) });
    const words = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    content.answers[0]!.question = words.slice(0, words.lastIndexOf(' ', limits.questionText));
    content.answers[1]!.question = 'W'.repeat(limits.questionText);
    content.answers[1]!.userAnswer = 'x'.repeat(limits.answerText);
    const comments = { overall: 'z'.repeat(limits.reportComment), categories: {} };
    const pdf = await render({ content, comments, doctorName: 'D'.repeat(limits.name) });
    const pages = pdfPageCount(pdf);
    const text = pdfText(pdf);
    const flat = flattened(text);
    for (let i = 0; i < 260; i++) expect(flat).toContain(` word${i} `);
    // Runs of 100 characters or more get a zero-width space every 20, where the line may break.
    const unbroken = text.replaceAll('\u200B', '');
    const letters = (letter: string) => (unbroken.match(new RegExp(`${letter}{5,}`, 'g')) ?? []).join('').length;
    expect(letters('W')).toBe(limits.questionText);
    expect(letters('x')).toBe(limits.answerText);
    expect(letters('z')).toBe(limits.reportComment);
    expect(flat).toContain('Given answer 1');
    expect(flat).toContain('Question 3: which of the listed');
    expect(flat).toContain('Workplace concerns');
    expect(flat).toContain('Signature');
    // One footer a page, cut to a line: a footer spilling over would have added pages of its own.
    expect(text.match(/Page \d+ of \d+/g)).toEqual(
      Array.from({ length: pages }, (_, i) => `Page ${i + 1} of ${pages}`),
    );
    expect(text.match(/Released 5 March 2026 by D+…/g)).toHaveLength(pages);
  });
});

describe('renderReportPdf: sparse reports', () => {
  it('renders a report with no answers, categories, concerns, consent, start or comments', async () => {
    const full = reportContent({ answers: 0 });
    const content: ReportContent = {
      ...full,
      categories: [],
      concerns: [],
      concernsSubmittedAt: null,
      consent: null,
      dates: { ...full.dates, invitedAt: null, consentedAt: null, startedAt: null, timeTakenSeconds: null },
    };
    const flat = flattened(pdfText(await render({ content, comments: { overall: '', categories: {} } })));
    expect(flat).toContain('Details entered 1 March 2026, 08:00 UTC');
    expect(flat).toContain('Started Unknown (no answer saved before submitting)');
    expect(flat).toContain('Time taken Unknown');
    expect(flat).toContain('No categories.');
    expect(flat).toContain('No answers.');
    expect(flat).toContain('No workplace concerns were rated.');
    expect(flat).toContain('No signed consent on record.');
    expect(flat).not.toContain("Doctor's comment");
  });

  it('says so when the signature image is not a picture, and still renders', async () => {
    const content = reportContent();
    content.consent = { ...content.consent!, imageBase64: Buffer.from('not a png').toString('base64') };
    const flat = flattened(pdfText(await render({ content })));
    expect(flat).toContain('(the signature image could not be read)');
    expect(flat).toContain('Page 1 of');
  });

  it('renders the same text twice from the same input', async () => {
    const [first, second] = await Promise.all([render(), render()]);
    expect(pdfText(first!)).toBe(pdfText(second!));
  });
});

/** The IHDR fields and the unfiltered rows of a PNG whose rows all use filter 0, as `opaqueSignature` writes. */
function readFlatPng(bytes: Buffer) {
  const colourType = bytes[8 + 8 + 9];
  const width = bytes.readUInt32BE(16);
  const idatLength = bytes.readUInt32BE(33);
  const rows = inflateSync(bytes.subarray(41, 41 + idatLength));
  const channels = colourType === 2 ? 3 : 1;
  const pixels: number[][] = [];
  for (let at = 0; at < rows.length; at += width * channels + 1) {
    expect(rows[at]).toBe(0);
    for (let x = 0; x < width; x++) pixels.push([...rows.subarray(at + 1 + x * channels, at + 1 + (x + 1) * channels)]);
  }
  return { colourType, width, pixels };
}

describe('opaqueSignature: the signature flattened onto white', () => {
  const onWhite = (value: number, alpha: number) => Math.floor((value * alpha + 255 * (255 - alpha) + 127) / 255);

  it('decodes every PNG filter of an RGBA image and lays each pixel on white, alpha dropped', () => {
    // Scattered values, so each filter's every case (Paeth's three predictors among them) is met.
    const noise = (n: number) => Math.floor(Math.abs(Math.sin(n * 12.9898) * 43758.5453) % 256);
    const pixel = (x: number, y: number) => [0, 1, 2, 3].map((c) => noise(x * 1000 + y * 10 + c));
    const flat = readFlatPng(opaqueSignature(alphaPng(23, 10, 4, pixel)));
    expect(flat.colourType).toBe(2);
    expect(flat.pixels).toHaveLength(23 * 10);
    flat.pixels.forEach((rgb, i) => {
      const [r, g, b, a] = pixel(i % 23, Math.floor(i / 23)) as [number, number, number, number];
      expect(rgb).toEqual([onWhite(r, a), onWhite(g, a), onWhite(b, a)]);
    });
  });

  it('makes grey and alpha plain grey', () => {
    const pixel = (x: number, y: number) => [(x * 11 + y * 3) % 256, x === 0 ? 255 : (y * 40) % 256];
    const flat = readFlatPng(opaqueSignature(alphaPng(9, 6, 2, pixel)));
    expect(flat.colourType).toBe(0);
    flat.pixels.forEach(([grey], i) => {
      const [value, alpha] = pixel(i % 9, Math.floor(i / 9)) as [number, number];
      expect(grey).toBe(onWhite(value, alpha));
    });
  });

  it('leaves a PNG without alpha, and bytes that are no PNG, as they are', () => {
    const grey = png(40, 10);
    expect(opaqueSignature(grey)).toBe(grey);
    const text = Buffer.from('not a png at all, but long enough to be read as one');
    expect(opaqueSignature(text)).toBe(text);
    const truncated = alphaPng(20, 20, 4, () => [0, 0, 0, 255]).subarray(0, 60);
    expect(opaqueSignature(truncated)).toBe(truncated);
  });

  it('puts a canvas signature in the PDF as one RGB image, with no soft mask for pdfkit to split', async () => {
    const content = reportContent({ canvasSignature: true });
    const signature = Buffer.from(content.consent!.imageBase64, 'base64');
    // IHDR: width, height, bit depth, colour type 6 (RGBA), as the pad's canvas exports it.
    expect([signature.readUInt32BE(16), signature.readUInt32BE(20), signature[24], signature[25]]).toEqual([
      900, 300, 8, 6,
    ]);
    expect(pdfImages(await render({ content }))).toEqual([{ type: 'image', width: 900, height: 300, colour: 'rgb' }]);
  });
});
