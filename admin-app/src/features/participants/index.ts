export { ParticipantsScreen, ParticipantsScreen as default } from './components/participants-screen';
