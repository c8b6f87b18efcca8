import { useId } from 'react';
import { useParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { useVoiceMessage } from '../../features/catalogue/api/get-message';
import { QueryView } from '../../features/catalogue/components/query-view';
import { fileTypeLabel, formatBytes, formatSeconds } from '../../features/catalogue/format';
import { useMediaUrl } from '../../features/catalogue/use-media-url';
import { Breadcrumbs } from './breadcrumbs';
import { DownloadForm } from './download-form';
import styles from './voice.module.css';

/** `/message/{id}`: the message played in the browser's own player, its exact words, and the download form. */
export function MessagePage() {
  const { id } = useParams();
  const query = useVoiceMessage(id);
  const mediaUrl = useMediaUrl();
  const transcriptId = useId();
  return (
    <QueryView
      query={query}
      notFound={{
        title: 'Message not found',
        text: 'There is no voice message with that number.',
        backTo: '/messages',
        backLabel: 'Browse all voice messages',
      }}
    >
      {(message) => (
        <PageShell
          title={message.title}
          intro="Listen to the message, read its exact words, and have a download link e-mailed to you."
        >
          <Breadcrumbs
            trail={[
              { label: 'Voice messages', to: '/messages' },
              { label: message.category.title, to: `/category/${message.category.id}` },
              { label: message.subcategory.title, to: `/subcategory/${message.subcategory.id}` },
            ]}
            current={message.title}
          />
          <section aria-labelledby={`${transcriptId}-listen`} className={styles.player}>
            <h2 id={`${transcriptId}-listen`}>Listen</h2>
            {/* biome-ignore lint/a11y/useMediaCaption: the transcript below is the text alternative of a recording without video */}
            <audio
              className={styles.audio}
              controls
              preload="metadata"
              src={mediaUrl(message.audio.url)}
              aria-label={`Play the message: ${message.title}`}
              aria-describedby={transcriptId}
            >
              <a href={mediaUrl(message.audio.url)}>Open the recording of {message.title}</a>
            </audio>
            <p className={styles.meta}>
              {formatSeconds(message.durationSeconds)} · {fileTypeLabel(message.audio.contentType)},{' '}
              {formatBytes(message.audio.size)}
            </p>
          </section>
          <section aria-labelledby={`${transcriptId}-words`}>
            <h2 id={`${transcriptId}-words`}>What it says</h2>
            <blockquote className={styles.transcript} id={transcriptId}>
              <p>{message.text}</p>
            </blockquote>
          </section>
          <DownloadForm messageId={message.id} />
        </PageShell>
      )}
    </QueryView>
  );
}
