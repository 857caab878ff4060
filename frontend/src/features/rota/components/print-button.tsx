import { PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';

import { printRota } from '../lib/print';

/** Prints the rota on screen (PRODUCT.md: schools pin it on the staffroom wall). */
export function PrintButton() {
  return (
    <Button className="no-print" icon={<PrinterOutlined aria-hidden />} onClick={printRota}>
      Print
    </Button>
  );
}
