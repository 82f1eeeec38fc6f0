import { mount } from 'svelte'
import App from './App.svelte'
import KioskApp from './screens/kiosk/KioskApp.svelte'
import './app.css'

/** The self check-in kiosk has no navigation: `/kiosk` in web mode, `?kiosk` in the Electron kiosk window. */
const kiosk = location.pathname.endsWith('/kiosk') || new URLSearchParams(location.search).has('kiosk')

mount(kiosk ? KioskApp : App, { target: document.getElementById('app')! })
