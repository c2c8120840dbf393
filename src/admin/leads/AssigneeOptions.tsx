import { SelectItem } from '../../components/ui/select'
import type { Assignee } from './leads'

/** The team members a lead can go to, as a Select's options: in the list's filter, a lead, the bulk bar and the rules. */
export function AssigneeOptions({ assignees }: { assignees: readonly Assignee[] }) {
  return assignees.map((a) => (
    <SelectItem key={a.user_id} value={a.user_id}>
      {a.email}
    </SelectItem>
  ))
}
