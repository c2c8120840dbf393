import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'

/** "Cargando..." while the session check runs. */
export function LoadingScreen() {
  return (
    <main className="grid min-h-dvh place-items-center px-4">
      <p role="status" className="flex items-center gap-3 text-slate-700">
        <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-brand-500 border-t-transparent" />
        Cargando...
      </p>
    </main>
  )
}

/** The backend could not be reached at all (no /backend.json, server down). */
export function UnavailableScreen({ message }: { message: string }) {
  return (
    <main className="grid min-h-dvh place-items-center px-4">
      <Card className="max-w-md" role="alert">
        <CardHeader>
          <CardTitle as="h1">No se pudo conectar con el servidor</CardTitle>
          <CardDescription>{message}. Vuelve a intentarlo en unos minutos.</CardDescription>
        </CardHeader>
      </Card>
    </main>
  )
}
