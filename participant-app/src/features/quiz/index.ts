export { QuizScreen as default, QuizScreen } from './quiz-screen';
