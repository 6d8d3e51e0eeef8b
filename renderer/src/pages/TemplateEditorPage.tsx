import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { ProjectDocument } from '@werkboard/common';
import { canCreateTemplate } from '@werkboard/common';
import { useAppSelector } from '../store/hooks';
import { ProjectScreen } from './ProjectScreen';
import { selectProjectId, selectStatus, selectUnsaved } from '../entities/project/projectSlice';
import { buildNewTemplate } from '../features/templates/newTemplate';

const NEW = 'new';

/**
 * /template/edit/{id}: the board in template mode (GET and PUT /templates/{id}). 'new' builds
 * the template on this device; its first save creates it, and then the route is replaced with
 * its id, keeping the same screen (nothing is loaded again). Navigation state isArchived (from
 * /archive) opens an archived template read-only.
 */
export function TemplateEditorPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.auth.user);
  const fromArchive = (location.state as { isArchived?: unknown } | null)?.isArchived === true;
  const mayCreate = user !== null && canCreateTemplate(user);

  // A new visit to 'new' (not the route replaced after the first save) gets a new template.
  const [fresh, setFresh] = useState<ProjectDocument | null>(() =>
    id === NEW && user && mayCreate ? buildNewTemplate(user) : null,
  );
  const [routeId, setRouteId] = useState(id);
  if (routeId !== id) {
    setRouteId(id);
    if (id === NEW) setFresh(user && mayCreate ? buildNewTemplate(user) : null);
    else if (fresh && fresh.id !== id) setFresh(null);
  }

  useEffect(() => {
    if (id === NEW && !mayCreate) void navigate('/templates', { replace: true });
  }, [id, mayCreate, navigate]);

  if (id === NEW && !fresh) return null;
  const projectId = fresh ? fresh.id : id;
  return (
    <>
      <ProjectScreen
        key={projectId}
        projectId={projectId}
        fromArchive={fromArchive && !fresh}
        kind="template"
        newTemplate={fresh}
      />
      {fresh && id === NEW && <ReplaceRouteWhenCreated templateId={projectId} />}
    </>
  );
}

/** After the first save of a new template: /template/edit/new becomes /template/edit/{id}. */
function ReplaceRouteWhenCreated({ templateId }: { templateId: string }) {
  const navigate = useNavigate();
  const created = useAppSelector(
    (state) => selectProjectId(state) === templateId && selectStatus(state) === 'loaded' && !selectUnsaved(state),
  );
  useEffect(() => {
    if (created) void navigate(`/template/edit/${encodeURIComponent(templateId)}`, { replace: true });
  }, [created, navigate, templateId]);
  return null;
}
