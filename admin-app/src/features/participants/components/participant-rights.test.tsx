import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ParticipantSummary, RetentionPreview, RetentionSettings } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { aParticipant, participantListOf, signInAs } from '../../../testing/fixtures';
import { catchDownloads } from '../../../testing/downloads';
import { onSmallScreen } from '../../../testing/lists';
import { confirmsErasure, exportFilename } from '../hooks/use-participant-rights';
import { ParticipantsScreen } from './participants-screen';

beforeEach(() => signInAs('admin'));

type Routes = Parameters<typeof mockApi>[0];

function serve(participants: ParticipantSummary[], routes: Routes = {}) {
  return mockApi({
    'GET admin/participants': participantListOf(participants),
    'GET admin/participation': { body: { openEntry: true } },
    ...routes,
  });
}

const listCalls = (calls: ReturnType<typeof mockApi>['calls']) => calls.filter((c) => c.path === 'admin/participants');

const exported = {
  format: 'prometrica-participant-export/1',
  exportedAt: '2026-01-12T10:00:00.000Z',
  participant: { _id: 'p1', name: 'Ada Lovelace', email: 'ada@example.com' },
};

describe('export data', () => {
  afterEach(() => jest.restoreAllMocks());

  test("Export data saves the participant's JSON document", async () => {
    const { saved } = catchDownloads();
    const api = serve([aParticipant()], { 'GET admin/participants/p1/export': { body: exported } });
    renderWithProviders(<ParticipantsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Export data of Ada Lovelace' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.calls.some((c) => c.method === 'GET' && c.path === 'admin/participants/p1/export')).toBe(true);
    expect(saved[0]!.name).toMatch(/^prometrica-participant-ada-lovelace-\d{4}-\d{2}-\d{2}\.json$/);
    expect(saved[0]!.blob.type).toBe('application/json');
    expect(JSON.parse(await saved[0]!.blob.text())).toEqual(exported);
  });

  test('a failed export says so and saves nothing', async () => {
    const { saved } = catchDownloads();
    serve([aParticipant()], {
      'GET admin/participants/p1/export': { status: 404, body: { message: 'Participant not found' } },
    });
    renderWithProviders(<ParticipantsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Export data of Ada Lovelace' }));
    expect(await screen.findByText('The data was not exported')).toBeInTheDocument();
    expect(screen.getByText('Participant not found')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  test('the file is named after the participant, or their id without a usable name', () => {
    const now = new Date('2026-01-12T10:00:00.000Z');
    expect(exportFilename({ _id: 'p1', name: 'Zoë O’Brien' }, now)).toBe(
      'prometrica-participant-zoe-obrien-2026-01-12.json',
    );
    expect(exportFilename({ _id: 'p1', name: '' }, now)).toBe('prometrica-participant-p1-2026-01-12.json');
  });
});

describe('erase', () => {
  test('erasing asks for the email or name, says it cannot be undone, then erases and reloads the list', async () => {
    const api = serve([aParticipant()], {
      'DELETE admin/participants/p1': {
        body: {
          message: 'Participant erased with everything stored about them',
          erased: {
            consents: 1,
            progressAnswers: 2,
            results: 1,
            concernSubmissions: 1,
            concernRatings: 3,
            invitations: 1,
          },
        },
      },
    });
    renderWithProviders(<ParticipantsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Erase Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase participant' });
    expect(within(dialog).getByText('This cannot be undone')).toBeInTheDocument();
    const erase = within(dialog).getByRole('button', { name: 'Erase for good' });
    expect(erase).toBeDisabled();
    const field = within(dialog).getByLabelText("Participant's email or name");
    await userEvent.type(field, 'ada@example');
    expect(erase).toBeDisabled();
    await userEvent.type(field, '.COM ');
    expect(erase).toBeEnabled();
    const listedBefore = listCalls(api.calls).length;
    await userEvent.click(erase);
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'DELETE' && c.path === 'admin/participants/p1')).toBe(true),
    );
    expect(await screen.findByText('Ada Lovelace and everything stored about them were erased.')).toBeInTheDocument();
    await waitFor(() => expect(listCalls(api.calls).length).toBe(listedBefore + 1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Erase participant' })).not.toBeInTheDocument());
  });

  test('Cancel erases nothing, and the next opening starts empty', async () => {
    const api = serve([aParticipant()]);
    renderWithProviders(<ParticipantsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Erase Ada Lovelace' }));
    let dialog = await screen.findByRole('dialog', { name: 'Erase participant' });
    await userEvent.type(within(dialog).getByLabelText("Participant's email or name"), 'Ada Lovelace');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Erase participant' })).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Erase Ada Lovelace' }));
    dialog = await screen.findByRole('dialog', { name: 'Erase participant' });
    expect(within(dialog).getByLabelText("Participant's email or name")).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Erase for good' })).toBeDisabled();
  });

  test('a refused erasure keeps the dialog open and says why', async () => {
    serve([aParticipant()], {
      'DELETE admin/participants/p1': { status: 404, body: { message: 'Participant not found' } },
    });
    renderWithProviders(<ParticipantsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Erase Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase participant' });
    await userEvent.type(within(dialog).getByLabelText("Participant's email or name"), 'ada lovelace');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase for good' }));
    expect(await screen.findByText('The participant was not erased')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Erase participant' })).toBeInTheDocument();
  });

  test('the typed confirmation is the email or the name, ignoring case and outer spaces, never empty', () => {
    const ada = { email: 'Ada@Example.com', name: 'Ada Lovelace' };
    expect(confirmsErasure(' ada@example.com ', ada)).toBe(true);
    expect(confirmsErasure('ADA LOVELACE', ada)).toBe(true);
    expect(confirmsErasure('Ada', ada)).toBe(false);
    expect(confirmsErasure('', { email: 'x@example.com', name: '' })).toBe(false);
  });

  test('on a phone, the cards carry Export data and Erase', async () => {
    await onSmallScreen(async () => {
      serve([aParticipant()]);
      renderWithProviders(<ParticipantsScreen />);
      const cards = await screen.findByRole('list', { name: 'Participants' });
      expect(await within(cards).findByRole('button', { name: 'Export data of Ada Lovelace' })).toBeInTheDocument();
      expect(within(cards).getByRole('button', { name: 'Erase Ada Lovelace' })).toBeInTheDocument();
    });
  });
});

describe('retention', () => {
  const off: RetentionSettings = { months: null, lastRun: null };
  const nobody: RetentionPreview = { months: null, cutoff: null, count: 0, participants: [] };
  const sixMonths: RetentionSettings = {
    months: 6,
    lastRun: { at: '2026-01-12T09:00:00.000Z', erased: 2 },
  };
  const two: RetentionPreview = {
    months: 6,
    cutoff: '2025-07-12T10:00:00.000Z',
    count: 2,
    participants: [
      { _id: 'p8', name: 'Olga Old', email: 'olga@example.com', submittedAt: '2025-03-01T10:00:00.000Z' },
      { _id: 'p9', name: '', email: 'nameless@example.com', submittedAt: '2025-04-01T10:00:00.000Z' },
    ],
  };

  test('is off by default; choosing a period saves it and shows who the next run would erase', async () => {
    let settings = off;
    let preview = nobody;
    const api = serve([aParticipant()], {
      'GET admin/retention': () => ({ body: settings }),
      'GET admin/retention/preview': () => ({ body: preview }),
      'PUT admin/retention': () => {
        settings = sixMonths;
        preview = two;
        return { body: settings };
      },
    });
    renderWithProviders(<ParticipantsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retention' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retention' });
    const select = within(dialog).getByRole('combobox', { name: 'Retention' });
    await waitFor(() => expect(select).toHaveValue('off'));
    expect(within(dialog).getByText('Participants are kept until an admin erases them.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Erase them now' })).not.toBeInTheDocument();

    await userEvent.selectOptions(select, '6');
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT' && c.path === 'admin/retention')?.body).toEqual({ months: 6 }),
    );
    expect(await within(dialog).findByText(/erases 2 participants who submitted before/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Last run .*: 2 participants erased\./)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show who' }));
    const who = within(dialog).getByRole('list', { name: 'Participants the next run erases' });
    expect(within(who).getByText(/Olga Old \(olga@example\.com\), submitted/)).toBeInTheDocument();
    expect(within(who).getByText(/nameless@example\.com \(nameless@example\.com\)/)).toBeInTheDocument();
  });

  test('Erase them now asks first, runs retention and reloads the list', async () => {
    let preview = two;
    const api = serve([aParticipant()], {
      'GET admin/retention': { body: sixMonths },
      'GET admin/retention/preview': () => ({ body: preview }),
      'POST admin/retention/run': () => {
        preview = { ...two, count: 0, participants: [] };
        return { body: { message: '2 participants erased', erased: 2 } };
      },
    });
    renderWithProviders(<ParticipantsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retention' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retention' });
    const listedBefore = listCalls(api.calls).length;
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Erase them now' }));
    const confirm = await screen.findByRole('dialog', { name: 'Erase now' });
    expect(within(confirm).getByText(/Erase 2 participants who submitted more than 6 months ago/)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Erase' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === 'admin/retention/run')).toBe(true),
    );
    expect(await screen.findByText('2 participants erased')).toBeInTheDocument();
    await waitFor(() => expect(listCalls(api.calls).length).toBe(listedBefore + 1));
    expect(await within(dialog).findByText(/The next run \(every hour\) erases nobody\./)).toBeInTheDocument();
  });

  test('a setting that could not be loaded says so, with Retry', async () => {
    serve([aParticipant()], {
      'GET admin/retention': { status: 500, body: { message: 'The database is not answering' } },
      'GET admin/retention/preview': { body: nobody },
    });
    renderWithProviders(<ParticipantsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retention' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retention' });
    expect(await within(dialog).findByText('Retention could not be loaded')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
