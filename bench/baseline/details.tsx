// Baseline for the first-load benchmark: the participant details screen as one plain webpack app,
// without federation, with the same providers the shell gives it.
import { mount } from './mount';
import { DetailsScreen } from '../../participant-app/src/features/details';

mount(<DetailsScreen />);
