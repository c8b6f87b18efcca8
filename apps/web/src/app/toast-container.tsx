import { ToastContainer } from 'react-toastify';
import { TOAST_MS } from '../lib/notify';

export function AppToastContainer() {
  return <ToastContainer position="top-right" autoClose={TOAST_MS} />;
}
