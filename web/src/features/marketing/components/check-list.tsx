export { CheckList } from '@/components/ui/check-list';
