import { useData } from 'vike-react/useData'
import AdminScreen from '../../src/admin/shell/AdminScreen'
import type { Data } from './+data'

export default function Page() {
  const { seo } = useData<Data>()
  return <AdminScreen seo={seo} />
}
