import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SystemStatus } from './system-status';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SystemStatus />
  </StrictMode>,
);
