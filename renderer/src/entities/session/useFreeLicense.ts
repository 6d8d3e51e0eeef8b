import { useAppSelector } from '../../store/hooks';

/** The Free license disables project groups (spec section 9); the signed-in user carries the type. */
export function useFreeLicense(): boolean {
  return useAppSelector((state) => (state.auth.user?.licenseType ?? 'Free') === 'Free');
}
