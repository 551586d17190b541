// The QR/barcode scanner (spec 1): the barcode-detector ponyfill on zxing-wasm,
// its .wasm served by us (bundled by Vite), never fetched from a CDN. A code
// is looked up exactly (GET /v2/search?exact=true: a device tag, asset tag or
// serial number equal to it, ignoring case and surrounding space); the
// record it names opens beside the current page. A code that only partly
// matches something (EQ-1 in EQ-10, a person's e-mail) opens nothing.
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchRecords } from '../api/contracts/search.js';
import { Modal } from '../panes/dialogs.js';
import { useServices } from '../services.js';

let prepared: Promise<unknown> | null = null;
function detector(): Promise<BarcodeDetector> {
  prepared ??= prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return prepared.then(() => new BarcodeDetector({ formats: ['qr_code', 'code_128', 'code_39', 'ean_13', 'data_matrix'] }));
}

export function ScannerDialog({ onClose, onOpen }: { onClose: () => void; onOpen: (href: string) => void }) {
  const { t } = useTranslation('commands');
  const { api } = useServices();
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function handle(codes: string[]) {
    const code = codes[0]?.trim().slice(0, 100);
    if (!code) return setMessage(t('scanner.nothing'));
    const decoded = t('scanner.decoded', { code });
    setMessage(decoded);
    let found;
    try {
      found = await api(searchRecords, { query: { q: code, exact: 'true' } });
    } catch (e) {
      return setMessage(`${decoded} ${t('common:scanner.searchFailed', { code, message: e instanceof Error ? e.message : String(e) })}`);
    }
    const hit = found.results.flatMap((r) => r.items)[0];
    if (hit) {
      onOpen(hit.href);
      onClose();
    } else setMessage(`${decoded} ${t('common:scanner.noExactMatch', { code })}`);
  }

  async function fromFile(file: File) {
    const d = await detector();
    const results = await d.detect(await createImageBitmap(file));
    await handle(results.map((r) => r.rawValue));
  }

  async function startCamera() {
    try {
      const s = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
      setStream(s);
    } catch (e) {
      setMessage(t('scanner.cameraError', { message: (e as Error).message }));
    }
  }

  useEffect(() => {
    if (!stream || !video.current) return;
    const el = video.current;
    el.srcObject = stream;
    void el.play();
    let stop = false;
    const loop = async () => {
      const d = await detector();
      while (!stop) {
        const results = await d.detect(el).catch(() => []);
        if (results.length) {
          await handle(results.map((r) => r.rawValue));
          break;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    void loop();
    return () => {
      stop = true;
      for (const track of stream.getTracks()) track.stop();
    };
    // One camera session per stream; `handle` reads only stable services.
  }, [stream]);

  return (
    <Modal labelledBy="scanner-title" onCancel={onClose}>
      <h2 id="scanner-title">{t('scanner.title')}</h2>
      <label htmlFor="scanner-file">{t('scanner.file')}</label>
      <input
        id="scanner-file"
        type="file"
        accept="image/*"
        data-autofocus
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void fromFile(file);
        }}
      />
      {stream ? (
        <>
          <video ref={video} className="scanner-video" muted playsInline />
          <button type="button" className="secondary" onClick={() => setStream(null)}>
            {t('scanner.stop')}
          </button>
        </>
      ) : (
        <button type="button" className="secondary" onClick={() => void startCamera()}>
          {t('scanner.camera')}
        </button>
      )}
      {message && (
        <p role="status" className="mono">
          {message}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" onClick={onClose}>
          {t('common:dialog.close')}
        </button>
      </div>
    </Modal>
  );
}
