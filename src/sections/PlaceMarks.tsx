import { createContext, useContext, type ReactNode } from 'react'
import { PLACE_ATTRIBUTE, placeId, type PlaceRef } from '../siteContent/placeMarks'

// Off unless a staff render turns it on (src/siteContent/placeMarks.ts): a visitor's page renders no mark.
const Marking = createContext(false)

/** Turns the text-place marks on for everything inside, when `on`. */
export function MarkPlaces({ on, children }: { on: boolean; children: ReactNode }) {
  return on ? <Marking.Provider value>{children}</Marking.Provider> : children
}

/** The attributes that mark an element as rendering `place`: none outside a staff render, or without a place. */
export function usePlaceMark(place: PlaceRef | undefined): { [PLACE_ATTRIBUTE]?: string } {
  const marking = useContext(Marking)
  return marking && place ? { [PLACE_ATTRIBUTE]: placeId(place) } : {}
}
