// A QR code of a payment link for shop counters: an inline <svg> (no style attributes, so the
// pages' CSP holds), drawn from the module matrix of `uqr`, which is imported only when a code
// is first shown (its own chunk, not in the dashboard's initial JS).
import { useEffect, useState } from 'preact/hooks';

interface Matrix {
  size: number;
  path: string;
}

/** One sub-path per run of dark modules on a row: `M x y h run v 1 h -run z`. */
function pathOf(data: boolean[][]): string {
  const parts: string[] = [];
  data.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x++;
      parts.push(`M${start} ${y}h${x - start}v1h-${x - start}z`);
    }
  });
  return parts.join('');
}

function svgText(matrix: Matrix, label: string): string {
  const escaped = label.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${matrix.size} ${matrix.size}" width="${matrix.size * 8}" height="${matrix.size * 8}" shape-rendering="crispEdges"><title>${escaped}</title><rect width="${matrix.size}" height="${matrix.size}" fill="#fff"/><path d="${matrix.path}" fill="#000"/></svg>`;
}

/** The code of `text`, labelled `label` for screen readers, with a download of the same SVG. */
export function QrCode(props: {
  text: string;
  label: string;
  fileName: string;
  /** What the code is for; a payment link's by default. */
  caption?: string;
  /** Offer the SVG as a download (not for a secret: a two-factor key stays off the disk). */
  downloadable?: boolean;
}) {
  const [matrix, setMatrix] = useState<Matrix>();
  const [failed, setFailed] = useState(false);
  const [download, setDownload] = useState<string>();

  useEffect(() => {
    let current = true;
    import('uqr')
      .then(({ encode }) => {
        // Medium error correction survives a scuffed or partly covered counter print.
        const qr = encode(props.text, { ecc: 'M', border: 2 });
        if (current) setMatrix({ size: qr.size, path: pathOf(qr.data) });
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [props.text]);

  useEffect(() => {
    if (!matrix) return;
    const url = URL.createObjectURL(
      new Blob([svgText(matrix, props.label)], { type: 'image/svg+xml' }),
    );
    setDownload(url);
    return () => URL.revokeObjectURL(url);
  }, [matrix, props.label]);

  if (failed) {
    return <p class="field-error">The QR code could not be drawn. Reload to try again.</p>;
  }
  if (!matrix) {
    return (
      <p class="hint" role="status">
        Drawing the QR code…
      </p>
    );
  }
  return (
    <figure class="qr">
      <svg
        role="img"
        aria-label={props.label}
        viewBox={`0 0 ${matrix.size} ${matrix.size}`}
        shape-rendering="crispEdges"
      >
        <rect width={matrix.size} height={matrix.size} fill="#fff" />
        <path d={matrix.path} fill="#000" />
      </svg>
      <figcaption>
        {props.caption ?? 'Customers scan it with a phone camera to open the checkout.'}{' '}
        {download && props.downloadable !== false && (
          <a href={download} download={props.fileName}>
            Download the QR code (SVG)
          </a>
        )}
      </figcaption>
    </figure>
  );
}
