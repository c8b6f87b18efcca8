import { UPLOAD_ACCEPT, UPLOAD_MAX_FILES } from '@app/contract/contact';
import { type ChangeEvent, useState } from 'react';
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

/** Picks up to 3 PDF or JPG files, each checked on arrival; the chosen ones are listed with a Remove button. */
export function FileField({ formId, label, required, files, error, onChange }: FileFieldProps) {
  const id = fieldId(formId, 'file');
  const [checking, setChecking] = useState(false);

  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const picked = [...(input.files ?? [])];
    // Cleared so that picking the same file again (after removing it) is noticed.
    input.value = '';
    if (picked.length === 0) return;
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
