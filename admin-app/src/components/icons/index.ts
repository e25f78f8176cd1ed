export { CheckIcon, CrossIcon, EditIcon, EyeIcon, PlusIcon, SearchIcon, TrashIcon } from './icons';
