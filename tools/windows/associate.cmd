@echo off
rem Saved Callidus games (.callidus) open in Callidus when double-clicked, for this user only
rem (nothing needs an administrator).  Double-click this file in the unpacked Callidus folder,
rem or run:   associate.cmd            register Callidus.exe beside this file
rem           associate.cmd /remove    take the file type away again
rem Run it again after moving the folder.
setlocal
set "EXE=%~dp0Callidus.exe"
set "KEYS=HKCU\Software\Classes"
if /i "%~1"=="/remove" goto remove
if not exist "%EXE%" goto missing
reg add "%KEYS%\.callidus" /ve /d "Callidus.SavedGame" /f >nul || goto failed
reg add "%KEYS%\Callidus.SavedGame" /ve /d "Callidus saved game" /f >nul || goto failed
reg add "%KEYS%\Callidus.SavedGame\DefaultIcon" /ve /d "\"%EXE%\",0" /f >nul || goto failed
reg add "%KEYS%\Callidus.SavedGame\shell\open\command" /ve /d "\"%EXE%\" \"%%1\"" /f >nul || goto failed
echo Saved Callidus games (.callidus) now open in %EXE%
exit /b 0

:remove
reg delete "%KEYS%\.callidus" /f >nul 2>&1
reg delete "%KEYS%\Callidus.SavedGame" /f >nul 2>&1
echo Saved Callidus games (.callidus) are no longer opened by Callidus.
exit /b 0

:missing
rem (not inside a parenthesised block: a folder such as "Program Files (x86)" would end it)
echo associate.cmd: no Callidus.exe beside this file, in %~dp0
exit /b 1

:failed
echo associate.cmd: the registry refused the change
exit /b 1
