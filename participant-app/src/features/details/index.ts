export { DetailsScreen, validateDetails } from './details-screen';
