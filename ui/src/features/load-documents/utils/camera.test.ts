import { describe, expect, it } from 'vitest';
import { cameraErrorText, hasCameraApi } from './camera';

describe('the camera option', () => {
  it('shows only where getUserMedia exists', () => {
    expect(hasCameraApi({ mediaDevices: { getUserMedia: () => undefined } })).toBe(true);
    expect(hasCameraApi({ mediaDevices: {} })).toBe(false);
    expect(hasCameraApi({})).toBe(false);
    expect(hasCameraApi(undefined)).toBe(false);
  });

  it('says why a camera would not start', () => {
    expect(cameraErrorText(Object.assign(new Error('x'), { name: 'NotAllowedError' }))).toBe('Camera access was denied.');
    expect(cameraErrorText({ name: 'NotFoundError' })).toBe('No camera was found.');
    expect(cameraErrorText('odd')).toBe('The camera could not be started.');
  });
});
