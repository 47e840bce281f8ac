import { useRef, useState, type ReactNode } from 'react';
import { documentMessages, MAX_UPLOAD_BYTES, type DocumentCategory, type DocumentsOverview } from '@lending/contracts';
import { api, isTooManyRequests, uploadDocument } from '../../shared/api';
import { ApiError } from '@lending/api-client';
import { RadioGroup } from '@lending/ui';
import { showToast } from '../../shared/toast';

type CategoryView = DocumentsOverview['categories'][number];
type RequirementView = DocumentsOverview['requirements'][number];

const extensions: Record<string, string> = { 'application/pdf': '.pdf', 'image/jpeg': '.jpg,.jpeg', 'image/png': '.png', 'image/heic': '.heic' };

/** The size and, as far as the browser can tell, the type; the server checks the content again. */
export function isAcceptable(file: { size: number; type: string; name: string }, accepted: readonly string[]): boolean {
  if (file.size > MAX_UPLOAD_BYTES) return false;
  if (accepted.includes(file.type)) return true;
  // Browsers often give HEIC photos no type: go by the name then.
  return file.type === '' && accepted.includes('image/heic') && /\.hei[cf]$/i.test(file.name);
}

const formatSize = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} kB` : `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`);

interface Upload {
  key: number;
  name: string;
  progress: number;
}

interface Props {
  id: string;
  heading: string;
  description: ReactNode;
  token: string;
  categories: CategoryView[];
  requirement: RequirementView | undefined;
  onChanged: () => Promise<unknown>;
  /** Results of the last bank-statement check by document id (unreadable files). */
  fileNotes?: Record<number, string>;
  children?: ReactNode;
}

export function UploadSection({ id, heading, description, token, categories, requirement, onChanged, fileNotes = {}, children }: Props) {
  const [category, setCategory] = useState<DocumentCategory>(categories[0]!.category);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [error, setError] = useState('');
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);

  const current = categories.find((c) => c.category === category) ?? categories[0]!;
  const accepted = current.accepted_types;
  const files = categories.flatMap((c) => c.files);
  const inputId = `${id}-upload`;

  const upload = async (list: FileList | File[]) => {
    setError('');
    const chosen = Array.from(list);
    await Promise.all(
      chosen.map(async (file) => {
        if (!isAcceptable(file, accepted)) {
          setError(documentMessages.upload);
          return;
        }
        const key = nextKey.current++;
        setUploads((all) => [...all, { key, name: file.name, progress: 0 }]);
        try {
          await uploadDocument(token, current.category, file, (progress) =>
            setUploads((all) => all.map((u) => (u.key === key ? { ...u, progress } : u))),
          );
        } catch (failure) {
          const status = failure instanceof ApiError ? failure.status : 0;
          if (status === 413 || (status === 400 && JSON.stringify((failure as ApiError).body).includes(documentMessages.upload))) setError(documentMessages.upload);
          else if (!isTooManyRequests(failure)) showToast(documentMessages.uploadFailed(file.name), 'error');
        } finally {
          setUploads((all) => all.filter((u) => u.key !== key));
        }
      }),
    );
    await onChanged();
    if (inputRef.current) inputRef.current.value = '';
  };

  const remove = async (documentId: number) => {
    try {
      await api.deleteDocument(token, documentId);
      showToast(documentMessages.deleted, 'success');
    } catch (error) {
      if (!isTooManyRequests(error)) showToast(documentMessages.deleteFailed, 'error');
    }
    await onChanged();
  };

  const missing = requirement?.missing_count ?? 0;
  return (
    <section className="card doc-section" aria-labelledby={`${id}-title`}>
      <div className="doc-section__header">
        <h2 id={`${id}-title`} className="doc-section__title">
          {heading}
        </h2>
        {requirement?.required && (
          <span className={missing > 0 ? 'badge badge--todo' : 'badge badge--done'}>{missing > 0 ? `Chybí: ${missing}` : 'Splněno'}</span>
        )}
      </div>
      <div className="doc-section__description">{description}</div>
      {children}
      {categories.length > 1 && (
        <RadioGroup
          name={`${id}-category`}
          legend="Jaký doklad nahráváte?"
          options={categories.map((c) => ({ value: c.category, label: c.label }))}
          value={category}
          onChange={setCategory}
        />
      )}
      <div
        className={dragging ? 'dropzone dropzone--active' : 'dropzone'}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (event.dataTransfer.files.length) void upload(event.dataTransfer.files);
        }}
      >
        <input
          ref={inputRef}
          id={inputId}
          className="dropzone__input"
          type="file"
          multiple
          accept={accepted.map((t) => `${t},${extensions[t] ?? ''}`).join(',')}
          aria-label={`Nahrát soubory – ${heading}`}
          aria-describedby={`${inputId}-hint ${inputId}-error`}
          onChange={(event) => {
            if (event.target.files?.length) void upload(event.target.files);
          }}
        />
        <label htmlFor={inputId} className="dropzone__label">
          <span className="visually-hidden">Nahrát soubory – {heading}</span>
          <span aria-hidden="true">
            <strong>Vyberte soubory</strong> nebo je sem přetáhněte
          </span>
        </label>
        <p id={`${inputId}-hint`} className="dropzone__hint">
          {accepted.length === 1 ? 'Pouze PDF' : 'PDF, JPG, PNG nebo HEIC'}, nejvýše 10 MB na soubor.
        </p>
      </div>
      <p id={`${inputId}-error`} className="field__error" role="alert">
        {error}
      </p>
      {uploads.length > 0 && (
        <ul className="uploads" aria-label="Nahrávané soubory">
          {uploads.map((u) => (
            <li key={u.key} className="uploads__item">
              <label htmlFor={`upload-${u.key}`}>Nahrávám {u.name}</label>
              <progress id={`upload-${u.key}`} max={100} value={Math.round(u.progress * 100)}>
                {Math.round(u.progress * 100)} %
              </progress>
            </li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul className="files" aria-label={`Nahrané soubory – ${heading}`}>
          {files.map((file) => (
            <li key={file.id} className="files__item">
              <span className="files__name">{file.file_name}</span>
              <span className="files__meta">
                {formatSize(file.size)}
                {file.category === 'BANK_STATEMENT' && (file.verified_at ? ' · ověřeno' : ' · čeká na ověření')}
              </span>
              {fileNotes[file.id] && <span className="files__note">{fileNotes[file.id]}</span>}
              <span className="files__actions">
                <a href={file.download_url} className="link" download>
                  Stáhnout<span className="visually-hidden"> {file.file_name}</span>
                </a>
                <button type="button" className="link-button link-button--danger" onClick={() => void remove(file.id)}>
                  Smazat<span className="visually-hidden"> {file.file_name}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
