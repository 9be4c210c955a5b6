import { configure } from '@testing-library/react';

// A screen on a loaded machine can take more than testing-library's default second to appear: its finders
// wait up to ten (the test's own timeout still bounds them).
configure({ asyncUtilTimeout: 10_000 });
