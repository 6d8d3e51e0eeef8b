import type { ChangeEvent } from 'react';
import { useId, useState } from 'react';
import type { ImageDto } from '@werkboard/common';
import { canEditProject, de, formatBytes, IMAGE_TYPES } from '@werkboard/common';
import { deleteImage, uploadImage, useProjectImagesQuery } from '../../api/endpoints/images';
import { serverMessageOr } from '../../api/errors';
import { loadStateOf } from '../../api/loadState';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useSubmit } from '../../components/useSubmit';
import { Dialog } from '../../components/Dialog';
import type { Feedback } from '../../components/FormFeedback';
import { FeedbackMessage } from '../../components/FormFeedback';
import { useAppDispatch } from '../../store/hooks';
import { formatDateTime } from '../../utils/format';
import { usePolicy } from '../../entities/session/usePolicy';
import { useOpenProject } from '../../entities/project/useOpenProject';
import { AuthImage } from './AuthImage';
import { checkImageFile, readAsDataUrl } from './imageChecks';
import { downloadAllImages, downloadImage } from './imageFiles';

const m = de.gallery;

/**
 * 'Bildergalerie' of the board (spec sections 2, 4, 8): the project's images as thumbnails
 * with their names; upload one file at a time (png, jpeg, gif, webp, at most 5 MB, checked
 * here and again by the server), the large view, delete with confirmation, 'Alle
 * herunterladen' and 'Als Vorschaubild verwenden' (the project's thumbnailImageId, saved
 * through the board's one update like the edit modal's fields). A completed or archived
 * project only shows and downloads.
 */
export function GalleryDialog({ onClose }: { onClose: () => void }) {
  const board = useOpenProject();
  const { document, readOnly, update } = board;
  const dispatch = useAppDispatch();
  const { actor } = usePolicy();
  const projectId = document.id;
  const mayChooseThumbnail = !readOnly && actor !== null && canEditProject(actor, document);

  // Shared with the header's count badge: the badge follows every change of this list.
  const imagesQuery = useProjectImagesQuery(projectId);
  const list = loadStateOf(imagesQuery);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [uploading, setUploading] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [viewing, setViewing] = useState<ImageDto | null>(null);
  const [deleting, setDeleting] = useState<ImageDto | null>(null);
  const removal = useSubmit();
  const hintId = useId();

  const retry = () => void imagesQuery.refetch();

  const upload = async (file: File) => {
    setFeedback(null);
    const problem = checkImageFile(file);
    if (problem) {
      setFeedback({ kind: 'error', text: problem });
      return;
    }
    setUploading(true);
    try {
      let dataUrl: string;
      try {
        dataUrl = await readAsDataUrl(file);
      } catch {
        setFeedback({ kind: 'error', text: m.readFailed });
        return;
      }
      try {
        // The new image joins the cached list; without a list yet, it is read again.
        const image = await dispatch(uploadImage(projectId, file.name, dataUrl));
        setFeedback({ kind: 'success', text: m.uploaded(image.name) });
        if (list.status !== 'loaded') retry();
      } catch (error) {
        setFeedback({ kind: 'error', text: serverMessageOr(error, m.uploadFailed) });
      }
    } finally {
      setUploading(false);
    }
  };

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same file may be chosen again after a failure.
    input.value = '';
    if (file) void upload(file);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const image = deleting;
    if (
      !(await removal.run(
        () => dispatch(deleteImage(projectId, image.id)),
        () => m.deleteFailed,
      ))
    )
      return;
    setDeleting(null);
    setFeedback({ kind: 'success', text: m.deleted(image.name) });
    // The server cleared the project's thumbnail with a new revision: the board loads it.
    if (document.thumbnailImageId === image.id) board.reload();
  };

  const downloadAll = async () => {
    if (list.status !== 'loaded') return;
    setFeedback(null);
    setDownloading(true);
    const failed = await dispatch(downloadAllImages(list.data));
    setDownloading(false);
    if (failed.length > 0) setFeedback({ kind: 'error', text: m.downloadFailed(failed.join(', ')) });
  };

  const chooseThumbnail = (image: ImageDto) => {
    update((draft) => {
      draft.thumbnailImageId = image.id;
    }, m.log.thumbnailSet(image.name));
  };

  const images = list.status === 'loaded' ? list.data : [];

  return (
    <Dialog title={m.title} onClose={onClose} wide>
      <div className="gallery__toolbar">
        {!readOnly && (
          <div className="gallery__upload">
            <label
              className={`button button--primary button--small gallery__upload-button${uploading ? ' gallery__upload-button--busy' : ''}`}
            >
              {m.upload}
              <input
                type="file"
                className="visually-hidden"
                accept={IMAGE_TYPES.join(',')}
                aria-describedby={hintId}
                disabled={uploading}
                onChange={onFileChosen}
              />
            </label>
            <p id={hintId} className="muted gallery__hint">
              {m.uploadHint}
            </p>
          </div>
        )}
        {images.length > 0 && (
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={downloading}
            onClick={() => void downloadAll()}
          >
            {m.downloadAll}
          </button>
        )}
      </div>

      {uploading && (
        <p role="status" className="muted">
          {m.uploading}
        </p>
      )}
      {downloading && (
        <p role="status" className="muted">
          {m.downloading}
        </p>
      )}
      <FeedbackMessage feedback={feedback} />

      {list.status === 'loading' && (
        <p role="status" className="muted">
          {m.loading}
        </p>
      )}
      {list.status === 'failed' && (
        <div className="gallery__error">
          <p role="alert" className="message message--error">
            {m.loadFailed}
          </p>
          <button type="button" className="button button--secondary button--small" onClick={retry}>
            {de.actions.retry}
          </button>
        </div>
      )}
      {list.status === 'loaded' && images.length === 0 && <p className="muted">{m.empty}</p>}
      {images.length > 0 && (
        <ul className="gallery__grid" aria-label={m.listLabel}>
          {images.map((image) => {
            const isThumbnail = document.thumbnailImageId === image.id;
            return (
              <li
                key={image.id}
                className={isThumbnail ? 'gallery__item gallery__item--thumbnail' : 'gallery__item'}
                aria-label={image.name}
              >
                <button
                  type="button"
                  className="gallery__open"
                  aria-label={m.view(image.name)}
                  onClick={() => setViewing(image)}
                >
                  <AuthImage imageId={image.id} variant="thumbnail" alt={image.name} className="gallery__thumb" />
                </button>
                <p className="gallery__name" title={image.name}>
                  {image.name}
                </p>
                {isThumbnail && <p className="gallery__current">{m.currentThumbnail}</p>}
                {(mayChooseThumbnail || !readOnly) && (
                  <div className="gallery__actions">
                    {mayChooseThumbnail && !isThumbnail && (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => chooseThumbnail(image)}
                      >
                        {m.setThumbnail}
                      </button>
                    )}
                    {!readOnly && (
                      <button
                        type="button"
                        className="button button--danger-outline button--small"
                        onClick={() => {
                          removal.setError(null);
                          setDeleting(image);
                        }}
                      >
                        {de.actions.delete}
                      </button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {viewing && <ImageViewer image={viewing} onClose={() => setViewing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={m.deleteTitle}
          confirmLabel={de.actions.delete}
          busyLabel={de.actions.deleting}
          busy={removal.busy}
          error={removal.error}
          danger
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        >
          <p>{m.deleteQuestion(deleting.name)}</p>
        </ConfirmDialog>
      )}
    </Dialog>
  );
}

/** The large view: the full image with its name, who uploaded it when, its size, and a download. */
function ImageViewer({ image, onClose }: { image: ImageDto; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const uploaded = formatDateTime(image.createdAt);

  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await dispatch(downloadImage(image));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={image.name} onClose={onClose} wide>
      <figure className="gallery-viewer">
        <AuthImage imageId={image.id} variant="full" alt={image.name} className="gallery-viewer__image" />
        <figcaption className="gallery-viewer__caption muted">
          {image.uploadedByUsername && uploaded && <span>{m.uploadedBy(image.uploadedByUsername, uploaded)}</span>}
          <span>
            {m.dimensions(image.width, image.height)} · {formatBytes(image.size)}
          </span>
        </figcaption>
      </figure>
      {failed && (
        <p role="alert" className="message message--error">
          {m.downloadFailed(image.name)}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void download()}>
          {m.download}
        </button>
      </div>
    </Dialog>
  );
}
