import { describe, expect, it } from 'vitest'
import { site } from '../../src/siteContent/registry.server'
import { navHref, sectionHref } from '../../src/lib/nav'
import { businessHours } from '../../src/sections/Contact'
import { whatsappUrl } from '../../src/lib/contact'
import { dismissToast, getToasts, removeToast, toast } from '../../src/lib/toast'

describe('links', () => {
  it('sends a nav href that does not start with "/" to the home section', () => {
    expect(navHref('casos-exito')).toBe('/#casos-exito')
    expect(navHref('#proceso')).toBe('/#proceso')
    expect(navHref('/')).toBe('/')
    expect(navHref('/shopify')).toBe('/shopify')
  })
  it('scrolls in place when the section is on the page, else goes home', () => {
    expect(sectionHref('contacto', ['hero', 'contacto'])).toBe('#contacto')
    expect(sectionHref('casos-exito', ['hero', 'contacto'])).toBe('/#casos-exito')
  })
  it('opens WhatsApp on the agency number with a typed message', () => {
    expect(whatsappUrl({ e164: '+34600000003', message: 'Hola, ¿qué tal?' })).toBe('https://wa.me/34600000003?text=Hola%2C%20%C2%BFqu%C3%A9%20tal%3F')
  })
})

describe('business facts', () => {
  it('formats the business hours as Spanish business hours are written', () => {
    expect(businessHours(site.hours)).toBe('Lunes a viernes, 9:00–18:00 CET')
  })
  it('carries the review rating of content/site.yaml', () => {
    expect([site.reviews.rating, site.reviews.best, site.reviews.count]).toEqual([4.97, 5, 30])
  })
})

describe('toasts', () => {
  it('keeps one toast: the newest replaces the older, dismissing closes then removes it', () => {
    const first = toast({ title: 'Uno' })
    const second = toast({ title: 'Dos', description: 'detalle', variant: 'destructive' })
    expect(second).not.toBe(first)
    expect(getToasts()).toEqual([{ id: second, title: 'Dos', description: 'detalle', variant: 'destructive', open: true }])
    dismissToast(second)
    expect(getToasts()[0]?.open).toBe(false)
    removeToast(second)
    expect(getToasts()).toEqual([])
  })
})
