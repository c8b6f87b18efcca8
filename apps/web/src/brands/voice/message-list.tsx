import type { MessageSummary } from '@app/contract/catalogue';
import { Link } from 'react-router';
import { formatSeconds } from '../../features/catalogue/format';
import styles from './voice.module.css';

/** Messages as links to their pages, each with its length. */
export function MessageList({ messages }: { messages: MessageSummary[] }) {
  return (
    <ul className={styles.messages}>
      {messages.map((message) => (
        <li key={message.id}>
          <Link to={`/message/${message.id}`}>{message.title}</Link>
          <span className={styles.duration}>{formatSeconds(message.durationSeconds)}</span>
        </li>
      ))}
    </ul>
  );
}
