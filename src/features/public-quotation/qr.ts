/** QR code as one SVG path (the pure part lives in src/domain/qr.ts). */
export { qrSvgPath } from '../../domain/qr';
