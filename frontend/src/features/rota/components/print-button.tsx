import { PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';

import { printRota } from '../lib/print';

/** Prints the rota on screen (docs/product.md#activity-log-import-and-printing: schools pin it on the staffroom wall). */
export function PrintButton() {
  return (
    <Button className="no-print" icon={<PrinterOutlined aria-hidden />} onClick={printRota}>
      Print
    </Button>
  );
}
