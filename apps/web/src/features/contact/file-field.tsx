import { UPLOAD_ACCEPT, UPLOAD_MAX_FILES } from '@app/contract/contact';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { FieldError, fieldId, RequiredMark } from '../../components/form-fields';
import fieldStyles from '../../components/form-fields.module.css';
import styles from './contact.module.css';
import { checkFiles, fileKey, fileSize } from './file-checks';

export interface FileFieldProps {
  formId: string;
  label: string;
  required: boolean;
  files: readonly File[];
  error: string | undefined;
  onChange: (files: File[], error: string | undefined) => void;
}

/** Puts `files` in the input (a new pick replaces what it held). A browser without DataTransfer keeps the list alone. */
function holdFiles(input: HTMLInputElement | null, files: readonly File[]): void {
  if (!input || typeof DataTransfer !== 'function') return;
  const held = new DataTransfer();
  for (const file of files) held.items.add(file);
  input.files = held.files;
}

/** Picks up to 3 PDF or JPG files, each checked on arrival; the chosen ones are listed with a Remove button. */
export function FileField({ formId, label, required, files, error, onChange }: FileFieldProps) {
  const id = fieldId(formId, 'file');
  const [checking, setChecking] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  // The input holds the files listed below, so it never says "No file chosen" beside a listed
  // file (nor reads so to a screen reader), and says "2 files" when two are.
  useEffect(() => holdFiles(inputRef.current, files), [files]);

  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const picked = [...(input.files ?? [])];
    // A picker closed without a choice may empty the input: it gets the listed files back.
    if (picked.length === 0) return holdFiles(input, files);
    setChecking(true);
    const result = await checkFiles(files, picked);
    setChecking(false);
    onChange(result.files, result.error);
  };

  return (
    <div className={`${fieldStyles.field} ${fieldStyles.wide}`}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
        <RequiredMark required={required} />
      </label>
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        PDF or JPG, up to {UPLOAD_MAX_FILES} files of 10 MB each.
      </p>
      <input
        ref={inputRef}
        id={id}
        type="file"
        name="uploadFile"
        className={styles.fileInput}
        accept={UPLOAD_ACCEPT}
        multiple
        aria-invalid={error ? true : undefined}
        required={required}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={add}
      />
      {checking && <p className={fieldStyles.hint}>Checking the file…</p>}
      {files.length > 0 && (
        <ul className={styles.fileList} aria-label="Files to send">
          {files.map((file, index) => (
            <li key={fileKey(file)}>
              <span>
                {file.name} <span className={styles.fileSize}>({fileSize(file.size)})</span>
              </span>
              <button
                type="button"
                className={styles.removeButton}
                aria-label={`Remove ${file.name}`}
                onClick={() =>
                  onChange(
                    files.filter((_, i) => i !== index),
                    undefined,
                  )
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldError id={id} error={error} announce />
    </div>
  );
}
