export { InviteScreen as default, InviteScreen } from './invite-screen';
