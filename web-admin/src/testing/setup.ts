import { configure } from '@testing-library/react';

// `findBy…` waits 1 s by default. The first render loads react-admin and MUI, and in CI the host has stolen
// 55–68 % of the two vCPUs: wait as long as a person would before calling the page broken.
configure({ asyncUtilTimeout: 15_000 });
