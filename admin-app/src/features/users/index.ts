export { UserListScreen } from './components/user-list-screen';
export { AddUserScreen } from './components/add-user-screen';
