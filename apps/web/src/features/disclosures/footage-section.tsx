import { type DisclosureFile, disclosureMessages } from '@app/contract/disclosures';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { apiBaseUrl } from '../../lib/api-client';
import { useBrand } from '../../lib/brand';
import { useFocusOutcome } from '../../lib/focus-outcome';
import { deleteFile } from './api/delete-file';
import { filesKey, filesQuery } from './api/get-files';
import styles from './disclosures.module.css';
import { FileCard, failureText } from './file-card';
import { ACCEPTED_EXTENSIONS } from './format';
import { UploadCard } from './upload-card';
import { useUploads } from './use-uploads';

export interface FootageSectionProps {
  requestId: number;
  master: boolean;
}

/** An upload under way has the address the server lists an unfinished file under. */
const sameUpload = (url: string | null, file: DisclosureFile) =>
  url !== null && file.uploadUrl !== null && new URL(url, 'http://x').pathname === file.uploadUrl;

/**
 * "Footage and stills" on a request's page: the operator uploads clips and stills (several at once,
 * resumable, with progress, speed and time left), and sees each file's SHA-256, what ffprobe read,
 * the playable copy's progress; makes stills; and, as a master user, deletes a file.
 */
export function FootageSection({ requestId, master }: FootageSectionProps) {
  const brand = useBrand();
  const queryClient = useQueryClient();
  const files = useQuery(filesQuery(requestId));
  const pickerId = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<{ text: string; n: number }>();
  const outcomeRef = useFocusOutcome<HTMLParagraphElement>(outcome?.n);
  const say = (text: string) => setOutcome((old) => ({ text, n: (old?.n ?? 0) + 1 }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: filesKey(requestId) });

  const endpoint = `${apiBaseUrl(brand, window.location.hostname)}/api/requests/${requestId}/clips/uploads`;
  // Names finished while others still upload, said together when the last one ends, so focus does
  // not leave a Pause button while others still upload.
  const done = useRef<string[]>([]);
  const [finished, setFinished] = useState(0);
  const uploads = useUploads(endpoint, (name) => {
    done.current.push(name);
    setFinished((n) => n + 1);
    void refresh();
  });
  const active = uploads.items.filter((item) => item.state !== 'failed').length;
  useEffect(() => {
    if (active > 0 || finished === 0 || done.current.length === 0) return;
    const names = done.current.join(', ');
    done.current = [];
    setOutcome((old) => ({
      text: `Uploaded: ${names}. Each file’s SHA-256, computed as it arrived, is in the list below.`,
      n: (old?.n ?? 0) + 1,
    }));
  }, [active, finished]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    // Emptied, so choosing the same file again (to resume it) is a change too.
    event.target.value = '';
    if (chosen.length > 0) uploads.start(chosen);
  }

  async function remove(file: DisclosureFile) {
    const reply = await deleteFile(requestId, file.id);
    queryClient.setQueryData(filesKey(requestId), reply);
    say(`${file.filename} deleted. Its SHA-256 and its history stay with the request.`);
  }

  const list = files.data?.files ?? [];
  const shown = list.filter((file) => !uploads.items.some((item) => sameUpload(item.url, file)));
  const names = new Map(list.map((file) => [file.id, file.filename]));

  return (
    <section className={styles.section} aria-labelledby="files-heading">
      <h2 id="files-heading">Footage and stills</h2>
      <p className={styles.hint}>
        {disclosureMessages.accepted} Each file’s SHA-256 is computed as it arrives, to show it is unchanged.
        A dropped connection resumes where it stopped; after a reload, choose the same file again.
      </p>
      <div className={styles.picker}>
        <label htmlFor={pickerId} className={styles.button}>
          Choose clips or stills to upload
        </label>
        <input
          ref={picker}
          id={pickerId}
          className={styles.fileInput}
          type="file"
          multiple
          accept={ACCEPTED_EXTENSIONS}
          onChange={choose}
        />
      </div>
      {outcome && (
        <p ref={outcomeRef} role="status" tabIndex={-1} className={`${styles.notice} ${styles.success}`}>
          {outcome.text}
        </p>
      )}
      {uploads.items.length > 0 && (
        <>
          <h3 className={styles.subheading}>Uploading</h3>
          <ul className={styles.list} aria-label="Uploads under way">
            {uploads.items.map((item) => (
              <UploadCard
                key={item.key}
                item={item}
                onPause={() => void uploads.pause(item.key)}
                onResume={() => uploads.resume(item.key)}
                onCancel={() => {
                  void uploads.cancel(item.key);
                  picker.current?.focus();
                }}
              />
            ))}
          </ul>
        </>
      )}
      {files.isPending ? (
        <p aria-busy="true">Loading the request’s files…</p>
      ) : files.isError ? (
        <div role="alert" className={styles.notice}>
          <p className={styles.error}>{failureText(files.error)}</p>
          <button type="button" className={styles.secondary} onClick={() => void files.refetch()}>
            Try again
          </button>
        </div>
      ) : shown.length === 0 ? (
        uploads.items.length === 0 && <p>No footage or stills uploaded to this request yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Files of this request">
          {shown.map((file) => (
            <FileCard
              key={file.id}
              requestId={requestId}
              file={file}
              master={master}
              clipName={file.still ? names.get(file.still.fromFileId) : undefined}
              onChanged={(text) => {
                void refresh();
                say(text);
              }}
              onDelete={remove}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
