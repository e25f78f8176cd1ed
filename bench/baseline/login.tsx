// Baseline for the first-load benchmark: the admin login as one plain webpack app, without federation.
import { mount } from './mount';
import { LoginScreen } from '../../admin-app/src/features/login';

mount(<LoginScreen />);
