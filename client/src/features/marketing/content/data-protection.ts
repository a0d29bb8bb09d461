/** Shared facts of the privacy and data-protection pages (Kenya Data Protection Act, 2019). */
export const DPO_EMAIL = 'dpo@escrowkenya.co.ke';
export const DPO_POSTAL = 'Data Protection Officer, Escrow Kenya, P.O. Box 00100, Nairobi, Kenya';
export const ODPC_URL = 'https://www.odpc.go.ke';
export const PRIVACY_UPDATED = 'January 2025';
