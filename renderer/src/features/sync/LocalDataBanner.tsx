import { de } from '@werkboard/common';
import { useAppSelector } from '../../store/hooks';

/** Says that the screen shows the copy kept on this device because the server cannot be reached. */
export function LocalDataBanner() {
  const showsLocalData = useAppSelector((state) => state.sync.showsLocalData);
  if (!showsLocalData) return null;
  return (
    <p className="local-data-banner" role="status">
      {de.sync.localData}
    </p>
  );
}
