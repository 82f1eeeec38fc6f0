/**
 * How a visitor form's save ended. How a new visitor was known to be created. `readBack`: the console's answer to the create was lost
 * (the connection cut after the request went out) and main found the visitor by reading the console
 * back — the form closes as after any create, and the screen says the outcome was read, not answered.
 */
export interface CreatedHow {
  readBack?: boolean
  /**
   * An edit that wrote nothing: nothing changed, or every changed field was kept as the console has it
   * (a conflict resolved "Keep the console's"). The screen says so, never "Visitor saved".
   */
  nothingSent?: boolean
}
