<#
.SYNOPSIS
  Compiles the four SignalRelay EAs with MetaEditor and puts SignalRelay.ex5, OrderTracker.ex5,
  SignalRelay.ex4 and OrderTracker.ex4 into the folder the server serves (EA_RELEASE_DIR).

.DESCRIPTION
  Run on Windows with MetaTrader 5 and MetaTrader 4 installed. The sources are copied into a
  work folder laid out as a terminal data folder (MQL5\Experts, MQL5\Include\SignalRelay), so
  MetaEditor finds the includes exactly as it does in a trader's terminal, and nothing is
  written into any terminal. Each EA is compiled with MetaEditor's command line; its log must
  say "0 errors" and a fresh .ex5/.ex4 must appear, or the script stops and prints the log.
  Only when every EA compiled are the files copied into -ReleaseDir, so a failed build never
  leaves half a release there. See README.md beside this script.

.PARAMETER ReleaseDir
  Where the compiled EAs go: the server's EA_RELEASE_DIR (default there: ea/release).

.PARAMETER MetaEditor5
  Path to MetaTrader 5's metaeditor64.exe.

.PARAMETER MetaEditor4
  Path to MetaTrader 4's metaeditor.exe (brokers install MT4 under their own folder name).

.PARAMETER Platform
  mt5, mt4 or both (the default).

.PARAMETER WorkDir
  Scratch folder for the build. No spaces: MetaEditor writes no result for a path with one.

.EXAMPLE
  .\ea\release\release.ps1 -ReleaseDir .\ea\release -MetaEditor4 'C:\Program Files (x86)\MetaTrader 4\metaeditor.exe'
#>
[CmdletBinding()]
param(
  [Parameter(Mandatory = $true)] [string] $ReleaseDir,
  [string] $MetaEditor5 = 'C:\Program Files\MetaTrader 5\metaeditor64.exe',
  [string] $MetaEditor4 = 'C:\Program Files (x86)\MetaTrader 4\metaeditor.exe',
  [ValidateSet('mt5', 'mt4')] [string[]] $Platform = @('mt5', 'mt4'),
  [string] $WorkDir = 'C:\SignalRelayBuild'
)

Set-StrictMode -Version Latest
$ErrorActionPreference = 'Stop'

# ea/ is this script's parent folder; the release version is written in Version.mqh only.
$eaDir = Split-Path -Parent $PSScriptRoot
$versionFile = Join-Path $eaDir 'Include\SignalRelay\Version.mqh'
$version = [regex]::Match((Get-Content -Raw $versionFile), '#define\s+SR_EA_VERSION\s+"([^"]+)"').Groups[1].Value
if (-not $version) { throw "No SR_EA_VERSION in $versionFile" }

if ($WorkDir -match '\s') { throw "-WorkDir '$WorkDir' contains a space; MetaEditor cannot compile there. Pass one without." }

$platforms = @{
  mt5 = @{ Editor = $MetaEditor5; Mql = 'MQL5'; Source = '.mq5'; Compiled = '.ex5' }
  mt4 = @{ Editor = $MetaEditor4; Mql = 'MQL4'; Source = '.mq4'; Compiled = '.ex4' }
}
$programs = @('SignalRelay', 'OrderTracker')

# Compiles one entry and returns the path of its fresh binary. MetaEditor is a GUI program:
# without -Wait PowerShell would not wait for it. Its exit code is not reliable, so what counts
# is the log's "Result: N errors, M warnings" line (the log is UTF-16) and a fresh binary.
function Invoke-Compile([string] $editor, [string] $source, [string] $binary, [string] $mqlRoot, [string] $log) {
  Remove-Item -LiteralPath $binary, $log -Force -ErrorAction SilentlyContinue
  $started = Get-Date
  $arguments = "/compile:`"$source`" /inc:`"$mqlRoot`" /log:`"$log`""
  Start-Process -FilePath $editor -ArgumentList $arguments -Wait -NoNewWindow

  if (-not (Test-Path -LiteralPath $log)) { throw "MetaEditor wrote no log for $source ($log)" }
  $text = Get-Content -LiteralPath $log -Raw -Encoding Unicode
  $result = [regex]::Match($text, 'Result:\s*(\d+)\s+error[^,]*,\s*(\d+)\s+warning')
  if (-not $result.Success -or [int]$result.Groups[1].Value -ne 0) {
    Write-Host $text
    throw "$(Split-Path -Leaf $source) did not compile with 0 errors (log: $log)"
  }
  if (-not (Test-Path -LiteralPath $binary) -or (Get-Item -LiteralPath $binary).LastWriteTime -lt $started) {
    throw "MetaEditor reported 0 errors but wrote no fresh $binary"
  }
  Write-Host "  $(Split-Path -Leaf $source): $($result.Value)"
  if ([int]$result.Groups[2].Value -gt 0) { Write-Warning "read the warnings in $log and fix them in the sources" }
  return $binary
}

$built = @()
foreach ($name in $Platform) {
  $target = $platforms[$name]
  if (-not (Test-Path -LiteralPath $target.Editor)) {
    throw "MetaEditor for $name not found at '$($target.Editor)'; pass -MetaEditor$($name.Substring(2)) <path>"
  }

  # A fresh data-folder layout for this platform, as the Downloads zip has it.
  $mqlRoot = Join-Path $WorkDir $target.Mql
  Remove-Item -LiteralPath $mqlRoot -Recurse -Force -ErrorAction SilentlyContinue
  $experts = (New-Item -ItemType Directory -Force -Path (Join-Path $mqlRoot 'Experts')).FullName
  $include = (New-Item -ItemType Directory -Force -Path (Join-Path $mqlRoot 'Include')).FullName
  Copy-Item -Recurse -Path (Join-Path $eaDir 'Include\SignalRelay') -Destination $include

  Write-Host "SignalRelay $version for $name with $($target.Editor)"
  foreach ($program in $programs) {
    $source = Join-Path $experts "$program$($target.Source)"
    Copy-Item -LiteralPath (Join-Path $eaDir "$program$($target.Source)") -Destination $source
    $binary = Join-Path $experts "$program$($target.Compiled)"
    $log = Join-Path $WorkDir "$program-$name.log"
    $built += Invoke-Compile $target.Editor $source $binary $mqlRoot $log
  }
}

New-Item -ItemType Directory -Force -Path $ReleaseDir | Out-Null
foreach ($binary in $built) {
  Copy-Item -LiteralPath $binary -Destination $ReleaseDir -Force
  Write-Host "-> $(Join-Path (Resolve-Path $ReleaseDir) ([IO.Path]::GetFileName($binary)))"
}
Write-Host "Done: SignalRelay $version. Restart the server so the Downloads tab offers the compiled EAs."
