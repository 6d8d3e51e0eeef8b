// eslint-disable-next-line no-restricted-imports -- the one place allowed to wrap the raw hooks
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './types';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
