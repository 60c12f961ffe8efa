import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { Portal } from './login';

export interface VendorSignupInput {
  username: string;
  email: string;
  password: string;
}

export interface StaffSignupInput extends VendorSignupInput {
  first_name: string;
  last_name: string;
}

export type SignupInput = VendorSignupInput | StaffSignupInput;

export interface SignupResult {
  detail: string;
  username: string;
  email: string;
}

export function signupRequest(portal: Portal, input: SignupInput): Promise<SignupResult> {
  return apiClient.post<SignupResult>(`/auth/signup/${portal}/`, input);
}

export function useSignup(portal: Portal) {
  return useMutation({
    mutationFn: (input: SignupInput) => signupRequest(portal, input),
  });
}
