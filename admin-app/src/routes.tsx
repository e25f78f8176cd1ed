import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { DashboardLayout } from './features/dashboard';
import { dashboardPaths } from './lib/dashboard-paths';
import { sections } from './lib/dashboard-sections';

// One chunk per section: the login stays light and the charts load only with the overview.
const OverviewScreen = lazy(sections.overview);
const QuestionListScreen = lazy(() => sections.questions().then((m) => ({ default: m.QuestionListScreen })));
const AddQuestionScreen = lazy(() => sections.questions().then((m) => ({ default: m.AddQuestionScreen })));
const UserListScreen = lazy(() => sections.users().then((m) => ({ default: m.UserListScreen })));
const AddUserScreen = lazy(() => sections.users().then((m) => ({ default: m.AddUserScreen })));
const CategoriesScreen = lazy(sections.categories);
const ResultsScreen = lazy(sections.results);
const ComplaintsScreen = lazy(sections.complaints);
const AccountScreen = lazy(sections.account);

/** Everything under `/dashboard/*`, inside the sidebar layout (spec section 2). */
export function DashboardRoutes() {
  return (
    <Routes>
      <Route element={<DashboardLayout />}>
        <Route index element={<Navigate to={dashboardPaths.overview} replace />} />
        <Route path="overview" element={<OverviewScreen />} />
        <Route path="question-list" element={<QuestionListScreen />} />
        <Route path="add-question" element={<AddQuestionScreen />} />
        <Route path="user-list" element={<UserListScreen />} />
        <Route path="add-user" element={<AddUserScreen />} />
        <Route path="categories" element={<CategoriesScreen />} />
        <Route path="result" element={<ResultsScreen />} />
        <Route path="complaint" element={<ComplaintsScreen />} />
        <Route path="account" element={<AccountScreen />} />
        <Route path="*" element={<Navigate to={dashboardPaths.overview} replace />} />
      </Route>
    </Routes>
  );
}

export default DashboardRoutes;
