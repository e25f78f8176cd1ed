export { QuestionListScreen } from './components/question-list-screen';
export { AddQuestionScreen } from './components/add-question-screen';
