import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/types';
import { seedDemoContent, type DemoContentSeedResult } from './content';
import { seedSuperadmin, type SuperadminSeedResult } from './superadmin';

export { seedSuperadmin, superadminName, type SuperadminSeedResult } from './superadmin';
export { demoContentSettingKey, seedDemoContent, type DemoContentSeedResult } from './content';

/** First-start content: run after migrations on every start; each step is a no-op once done. */
export async function seedDatabase(
  db: Kysely<Database>,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
  announce: (text: string) => void,
): Promise<{ superadmin: SuperadminSeedResult; demoContent: DemoContentSeedResult }> {
  const superadmin = await seedSuperadmin({ db, email: config.adminEmail, password: config.adminPassword, announce });
  const demoContent = await seedDemoContent(db);
  return { superadmin, demoContent };
}
