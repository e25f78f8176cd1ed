import { useState } from 'react';
import { Stack, Tabs } from '@mantine/core';
import { PageHeader } from '../../../components';
import { AdminComplaintsTab } from './admin-complaints-tab';
import { UserSubmissionsTab } from './user-submissions-tab';

type ComplaintsTab = 'admin' | 'user';

/**
 * `/dashboard/complaint`: admin complaints and participants' submissions. Only the open tab is
 * mounted, so changing tab starts its search and page afresh (spec section 4).
 */
export function ComplaintsScreen() {
  const [tab, setTab] = useState<ComplaintsTab>('admin');
  return (
    <Stack gap="lg">
      <PageHeader title="Complaints" description="Workplace concerns and how participants rated them." />
      <Tabs value={tab} onChange={(value) => setTab(value === 'user' ? 'user' : 'admin')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="admin">Admin Complaints</Tabs.Tab>
          <Tabs.Tab value="user">User Submissions</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="admin">
          <AdminComplaintsTab />
        </Tabs.Panel>
        <Tabs.Panel value="user">
          <UserSubmissionsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
