import { Bounce, cssTransition, ToastContainer } from 'react-toastify';
import { useMediaQuery } from '../lib/media-query';
import { TOAST_MS } from '../lib/notify';
import styles from './toast.module.css';

const Fade = cssTransition({ enter: styles.fadeIn ?? '', exit: styles.fadeOut ?? '', collapse: false });

export function AppToastContainer() {
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_MS}
      className={styles.container}
      transition={reduceMotion ? Fade : Bounce}
    />
  );
}
