-- AlterTable
ALTER TABLE "ussd_sessions" ADD COLUMN     "busy_until" TIMESTAMPTZ(3);

