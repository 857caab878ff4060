import { Button, Modal, Typography } from 'antd';
import { Link } from 'react-router';

interface AdminAccessDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * PRODUCT.md: on the Weekly Rota, someone without rota rights who clicks a name learns why they
 * cannot change it and which requests they can make instead.
 */
export function AdminAccessDialog({ open, onClose }: AdminAccessDialogProps) {
  return (
    <Modal
      open={open}
      title="Admin access required"
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          OK
        </Button>
      }
    >
      <Typography.Paragraph>
        Only admins and managers can change the rota, so that every change is checked against
        holidays, availability and a fair share of duties.
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        If this is your own duty, you can ask for it to be swapped with a colleague or cancelled on
        the{' '}
        <Link to="/swaps" onClick={onClose}>
          Swap Requests
        </Link>{' '}
        or{' '}
        <Link to="/cancel-requests" onClick={onClose}>
          Cancel Requests
        </Link>{' '}
        page. Depending on your organisation's settings, the request is approved at once or reviewed
        by an admin or manager.
      </Typography.Paragraph>
    </Modal>
  );
}
