<?xml version="1.0" encoding="UTF-8"?>
<tileset source="self.tsx"/>
