import { useState } from 'react';
import { Stack, Tabs } from '@mantine/core';
import { PageHeader } from '../../../components';
import { AdminConcernsTab } from './admin-concerns-tab';
import { ConcernSubmissionsTab } from './concern-submissions-tab';
import { concernsHeader } from '../header';

type ConcernsTab = 'admin' | 'user';

/**
 * `/dashboard/complaint`: the concerns and participants' submissions. Only the open tab is
 * mounted, so changing tab starts its search and page afresh (spec section 4).
 */
export function ConcernsScreen() {
  const [tab, setTab] = useState<ConcernsTab>('admin');
  return (
    <Stack gap="lg">
      <PageHeader {...concernsHeader} />
      <Tabs value={tab} onChange={(value) => setTab(value === 'user' ? 'user' : 'admin')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="admin">Admin Complaints</Tabs.Tab>
          <Tabs.Tab value="user">User Submissions</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="admin">
          <AdminConcernsTab />
        </Tabs.Panel>
        <Tabs.Panel value="user">
          <ConcernSubmissionsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
