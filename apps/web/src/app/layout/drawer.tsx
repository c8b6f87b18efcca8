import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { SIDEBAR_ID } from './ids';
import styles from './sidebar.module.css';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** Where focus goes once the drawer has closed. */
  onClosed: () => void;
  children: ReactNode;
}

/**
 * The sidebar on a phone: a modal drawer (Radix). Focus moves in and stays in, the page behind is
 * hidden from screen readers, and Escape, the close button or a tap outside close it.
 */
export function Drawer({ open, onClose, onClosed, children }: DrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Overlay className={styles.backdrop} />
      <Dialog.Content
        id={SIDEBAR_ID}
        className={styles.sidebar}
        data-narrow={true}
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <Dialog.Title className={styles.visuallyHidden}>Menu</Dialog.Title>
        <Dialog.Close className={styles.close} aria-label="Close menu">
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </Dialog.Close>
        {children}
      </Dialog.Content>
    </Dialog.Root>
  );
}
