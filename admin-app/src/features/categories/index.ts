export { CategoriesScreen, CategoriesScreen as default } from './components/categories-screen';
