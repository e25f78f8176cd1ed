import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default: too short when the machine is busy.
configure({ asyncUtilTimeout: 5000 });
