import { Navigate, Route, Routes } from 'react-router-dom';
import { DashboardLayout } from './features/dashboard';
import { dashboardPaths } from './lib/dashboard-paths';
import { sections } from './lib/dashboard-sections';
import { sectionScreen } from './lib/section-screen';

// One chunk per section: the login stays light and the charts load only with the overview.
const OverviewScreen = sectionScreen(sections.overview, (m) => m.default);
const QuestionListScreen = sectionScreen(sections.questions, (m) => m.QuestionListScreen);
const AddQuestionScreen = sectionScreen(sections.questions, (m) => m.AddQuestionScreen);
const UserListScreen = sectionScreen(sections.users, (m) => m.UserListScreen);
const AddUserScreen = sectionScreen(sections.users, (m) => m.AddUserScreen);
const CategoriesScreen = sectionScreen(sections.categories, (m) => m.default);
const ResultsScreen = sectionScreen(sections.results, (m) => m.default);
const ComplaintsScreen = sectionScreen(sections.complaints, (m) => m.default);
const AccountScreen = sectionScreen(sections.account, (m) => m.default);

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
