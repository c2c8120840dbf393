import {
  Award, Bot, Boxes, Brain, Briefcase, Building2, Calendar, ChartColumn, Check, Clock, Cloud, Code, Compass, Cpu,
  CreditCard, Database, FileText, Gauge, Globe, GraduationCap, Headset, Heart, Layers, Lightbulb, Link, Lock, Mail,
  MessageCircle, MousePointerClick, Package, Palette, Phone, Plug, RefreshCw, Rocket, Search, Settings, Shield,
  ShoppingCart, Smartphone, Sparkles, Star, Store, Target, TrendingUp, Truck, Users, Workflow, Wrench, Zap,
  type LucideIcon, type LucideProps,
} from 'lucide-react'
import type { IconName } from '../../content/schema'

const icons = {
  'shopping-cart': ShoppingCart, store: Store, package: Package, boxes: Boxes, code: Code, smartphone: Smartphone,
  plug: Plug, database: Database, cloud: Cloud, bot: Bot, workflow: Workflow, refresh: RefreshCw, cpu: Cpu,
  brain: Brain, chart: ChartColumn, 'trending-up': TrendingUp, target: Target, compass: Compass, palette: Palette,
  layers: Layers, rocket: Rocket, shield: Shield, zap: Zap, clock: Clock, users: Users, headset: Headset,
  search: Search, settings: Settings, 'file-text': FileText, message: MessageCircle, mail: Mail, phone: Phone,
  'credit-card': CreditCard, globe: Globe, lock: Lock, sparkles: Sparkles, award: Award, check: Check,
  lightbulb: Lightbulb, gauge: Gauge, building: Building2, heart: Heart, graduation: GraduationCap, truck: Truck,
  briefcase: Briefcase, 'mouse-pointer': MousePointerClick, link: Link, calendar: Calendar, star: Star, wrench: Wrench,
} satisfies Record<IconName, LucideIcon>

/** A decorative icon named by content. */
export function Icon({ name, ...props }: { name: IconName } & LucideProps) {
  const Component = icons[name]
  return <Component aria-hidden="true" focusable="false" {...props} />
}
