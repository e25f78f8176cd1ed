// The consent and confidentiality terms the participant signs, as data: the participant app renders
// them and the server keeps, with each signed consent, this version and the SHA-256 of its text
// (`consentTextCanonical`), so a record says exactly what was agreed to. Change the wording only
// together with a new `version`; older versions stay listed so their records can still be checked.

export interface ConsentSection {
  /** Heading of the section; the opening paragraph has none. */
  heading?: string;
  paragraphs: readonly string[];
}

export interface ConsentTextVersion {
  version: string;
  sections: readonly ConsentSection[];
}

const v20261125: ConsentTextVersion = {
  version: '2026-11-25',
  sections: [
    {
      paragraphs: [
        'Prometrica is a computerized assessment built on over 40 years of data gathered from over 5,500 professionals and executives. By signing below you agree to take part in the assessment and to the use of your responses as described here.',
      ],
    },
    {
      heading: 'Purpose',
      paragraphs: [
        'Your answers are used to prepare a personal report on how you function today: behaviour patterns, growth opportunities and hidden risks. The assessment is not therapy and does not give a medical diagnosis.',
      ],
    },
    {
      heading: 'Confidentiality',
      paragraphs: [
        'Your details, your answers and your signature are kept confidential. They are seen only by the doctor who prepares your report and by the staff who run the assessment, and they are not shared with your employer or any other third party without your written permission, unless the law requires it.',
      ],
    },
    {
      heading: 'Taking part',
      paragraphs: ['Taking part is voluntary. You may stop at any time before you submit your answers.'],
    },
    {
      heading: 'Governing law',
      paragraphs: ['This agreement is governed by the laws of the State of New York.'],
    },
  ],
};

/** Every version of the consent text, newest first. */
export const consentTextVersions: readonly ConsentTextVersion[] = [v20261125];

/** The version participants sign today. */
export const currentConsentText: ConsentTextVersion = v20261125;

/**
 * The text a version's SHA-256 is taken of: each section's heading and paragraphs, one per line,
 * sections separated by an empty line (UTF-8, no trailing newline).
 */
export function consentTextCanonical(text: ConsentTextVersion): string {
  return text.sections
    .map((section) => [...(section.heading ? [section.heading] : []), ...section.paragraphs].join('\n'))
    .join('\n\n');
}

export function findConsentText(version: string): ConsentTextVersion | undefined {
  return consentTextVersions.find((text) => text.version === version);
}
